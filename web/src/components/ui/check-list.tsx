/** `hint`: a line under the name saying what the choice means. */
type Item = { _id: string; name: string; hint?: string };

type Props = {
  legend: string;
  /** The checkboxes' name, so a form's first invalid field can be found by it. */
  name: string;
  items: readonly Item[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Shown instead of the list when there is nothing to choose from. */
  empty: string;
  disabled?: boolean;
  className?: string;
};

/** A scrolling list of checkboxes picking some of `items` (the screens and groups of a schedule or an alert). */
export function CheckList({ legend, name, items, selected, onChange, empty, disabled, className }: Props) {
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <fieldset className={className ? `check-list ${className}` : 'check-list'} disabled={disabled}>
      <legend className="field-sublabel">{legend}</legend>
      {items.length === 0 ? <p className="muted">{empty}</p> : (
        <ul className="check-list-grid">
          {items.map((item) => (
            <li key={item._id}>
              <label className="check-list-item">
                <input type="checkbox" name={name} checked={selected.includes(item._id)} onChange={() => toggle(item._id)} />
                <span>{item.name}{item.hint && <small className="check-list-hint muted">{item.hint}</small>}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
