import type { TLayoutTemplate } from '@pano/contract';
import { errorMessage } from '../../lib/api-error';
import { Banner, Modal, Spinner } from '../../components/ui';
import { useLayoutTemplates } from './api/use-layout-templates';
import { LayoutMiniature } from './layout-miniature';
import { trLayouts } from '../../i18n/tr-layouts';

/** 'Yeni Yerleşim': the templates of GET /api/layouts/templates, each a button with its miniature. */
export function TemplatePicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (t: TLayoutTemplate) => void }) {
  const templates = useLayoutTemplates(open);
  return (
    <Modal open={open} title={trLayouts.pickTemplate} onClose={onClose}>
      {templates.isError && <Banner tone="error">{errorMessage(templates.error, trLayouts.templatesError)}</Banner>}
      {templates.isPending ? <Spinner /> : (
        <ul className="template-grid">
          {(templates.data ?? []).map((t) => (
            <li key={t.key}>
              <button type="button" className="template-option" onClick={() => onPick(t)}>
                <LayoutMiniature orientation={t.orientation} zones={t.zones} label="" />
                <span className="template-name">{t.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
