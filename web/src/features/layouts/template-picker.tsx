import { LAYOUT_TEMPLATES, type TLayoutTemplate } from '@pano/contract';
import { Modal } from '../../components/ui';
import { LayoutMiniature } from './layout-miniature';
import { trLayouts } from '../../i18n/tr-layouts';

/**
 * 'Yeni Yerleşim': the contract's templates (the same list `GET /api/layouts/templates` answers
 * other clients), each a button with its miniature; nothing to wait for.
 */
export function TemplatePicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (t: TLayoutTemplate) => void }) {
  return (
    <Modal open={open} title={trLayouts.pickTemplate} onClose={onClose}>
      <ul className="template-grid">
        {LAYOUT_TEMPLATES.map((t) => (
          <li key={t.key}>
            <button type="button" className="template-option" onClick={() => onPick(t)}>
              <LayoutMiniature orientation={t.orientation} zones={t.zones} label="" />
              <span className="template-name">{t.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
