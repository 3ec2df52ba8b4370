interface Props<V> {
  id: string;
  label: string;
  value: V;
  /** Every value allowed, each with its text. */
  options: ReadonlyArray<readonly [V, string]>;
  describedBy: string | undefined;
  onChoose: (value: V) => void;
}

/** One simulator parameter of a case in the course editor: a choice among the values its bounds allow. */
export default function CaseParamField<V>({ id, label, value, options, describedBy, onChoose }: Props<V>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-describedby={describedBy}
        value={String(value)}
        onChange={(e) => {
          const chosen = options.find(([v]) => String(v) === e.target.value);
          if (chosen) onChoose(chosen[0]);
        }}
      >
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
