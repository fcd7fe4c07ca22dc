import { useState, type KeyboardEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { TCreateTickerRequest } from '@pano/contract';
import { TICKER_SPEEDS } from '@pano/contract/constants';
import { tr } from '../../i18n/tr';
import { Button, SelectField, TextField, showAlert } from '../../components/ui';
import { validateNewText, type TickerDraft } from './ticker-draft';

type Props = { form: UseFormReturn<TickerDraft, unknown, TCreateTickerRequest>; idPrefix: string };

const speeds = Object.entries(TICKER_SPEEDS).map(([value, label]) => ({ value: Number(value), label }));

/** Name, speed and the list of texts; shared by the create card and the edit modal. */
export function TickerFields({ form, idPrefix }: Props) {
  const [text, setText] = useState('');
  const texts = useWatch({ control: form.control, name: 'texts' });
  const setTexts = (next: string[]) => form.setValue('texts', next, { shouldDirty: true });

  const addText = async () => {
    const problem = validateNewText(text);
    if (problem) {
      await showAlert(problem);
      return;
    }
    setTexts([...texts, text.trim()]);
    setText('');
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void addText();
    }
  };

  return (
    <>
      <div className="form-row">
        <TextField id={`${idPrefix}-name`} label={tr.ticker.nameLabel} placeholder={tr.ticker.namePlaceholder}
          maxLength={200} {...form.register('name')} />
        <SelectField id={`${idPrefix}-speed`} label={tr.ticker.speedLabel} {...form.register('speed', { valueAsNumber: true })}>
          {speeds.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
        </SelectField>
      </div>
      <div className="text-adder">
        <TextField id={`${idPrefix}-text`} label={tr.ticker.textLabel} placeholder={tr.ticker.textPlaceholder}
          value={text} maxLength={500} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} />
        <Button variant="secondary" onClick={() => void addText()}>{tr.ticker.addText}</Button>
      </div>
      <div>
        <p className="field-label">{tr.ticker.texts}</p>
        {texts.length === 0 ? (
          <p className="muted">{tr.ticker.noTexts}</p>
        ) : (
          <ol className="text-list">
            {texts.map((t, i) => (
              <li key={`${i}-${t}`} className="text-item">
                <span className="text-value">{t}</span>
                <button type="button" className="icon-btn" aria-label={`${tr.common.remove}: ${t}`}
                  onClick={() => setTexts(texts.filter((_, j) => j !== i))}>×</button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
