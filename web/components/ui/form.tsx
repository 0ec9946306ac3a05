import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useT } from '../../lib/i18n';
import type { ApiFailure, ApiResult, Issue } from '../../lib/request';
import * as s from './form.css';

type Common = { label: string; error?: string; hint?: ReactNode };

/** Ids for a control's hint and error, joined for aria-describedby. */
/** A field's hint and error: the error takes the hint's place while it shows (they would repeat each other: "Minimaal 8 tekens."). */
function useDescribed(error?: string, hint?: ReactNode) {
  const id = useId();
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Help({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hintId && (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </>
  );
}

export function Field({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const d = useDescribed(error, hint);
  return (
    <div className={s.field}>
      <label htmlFor={d.id} className={s.label}>
        {label}
      </label>
      <input id={d.id} className={s.input} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...input} />
      <Help hint={hint} error={error} {...d} />
    </div>
  );
}

export function SelectField({ label, error, hint, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const d = useDescribed(error, hint);
  return (
    <div className={s.field}>
      <label htmlFor={d.id} className={s.label}>
        {label}
      </label>
      <select id={d.id} className={s.input} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...select}>
        {children}
      </select>
      <Help hint={hint} error={error} {...d} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, ...area }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const d = useDescribed(error, hint);
  return (
    <div className={s.field}>
      <label htmlFor={d.id} className={s.label}>
        {label}
      </label>
      <textarea id={d.id} className={s.textarea} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...area} />
      <Help hint={hint} error={error} {...d} />
    </div>
  );
}

/** Radio buttons as a fieldset with a legend; the error is tied to each radio. */
export function RadioGroup<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  error,
  vertical,
}: Common & {
  name: string;
  vertical?: boolean;
  value: V | null;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const d = useDescribed(error);
  return (
    <fieldset className={s.field}>
      <legend className={s.label}>{label}</legend>
      <div className={vertical ? `${s.choices} ${s.vertical}` : s.choices}>
        {options.map((o) => (
          <label key={o.value} className={s.choice}>
            <input
              type="radio"
              className={s.radio}
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-describedby={d.describedBy}
            />
            {o.label}
          </label>
        ))}
      </div>
      <Help error={error} {...d} />
    </fieldset>
  );
}

/** The general error of a form (role="alert"); issues of fields the form shows are left to them. */
export function FormAlert({ failure, fields = [] }: { failure: ApiFailure | null; fields?: string[] }) {
  const t = useT();
  if (!failure || failure.silent) return null;
  const unplaced = failure.issues.filter((i) => !fields.includes(i.path)).map((i) => i.message);
  const text = failure.issues.length ? unplaced.join(' ') : failure.message || t('errors.generic');
  if (!text) return null;
  return (
    <p role="alert" className={s.alert}>
      {text}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={s.notice}>
      {children}
    </p>
  );
}

/** Local (client-side) problems in the same shape as the server's 400 answer. */
export const localFailure = (issues: Issue[], message = ''): ApiFailure => ({
  ok: false,
  status: 0,
  error: 'invalid_request',
  message,
  issues,
});

/**
 * The empty ones of a form's required fields, as issues with the catalogue's text. Forms check
 * this themselves with `noValidate`: the browser's own bubbles ("Please fill out this field.")
 * are in the browser's language, not the site's.
 */
export const missingFields = (values: Record<string, string>, message: string): Issue[] =>
  Object.entries(values)
    .filter(([, v]) => v === '')
    .map(([path]) => ({ path, message }));

/** Busy flag, the last failure and per-field errors of one form. */
export function useApiForm() {
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit<T>(call: () => Promise<ApiResult<T>>, onOk: (data: T) => void) {
    setBusy(true);
    setFailure(null);
    const res = await call();
    setBusy(false);
    if (res.ok) onOk(res.data);
    else setFailure(res);
  }
  const fieldError = (path: string) => failure?.issues.find((i) => i.path === path)?.message;
  /**
   * After a refused submit, as the member edits: the errors of the `changed` fields follow `now` (the
   * form's own check of the new values): gone once the field is valid, the current text while it is
   * not. Other fields' errors (the server's "e-mail taken" under an untouched field) stay; when none
   * is left, the form's alert goes too.
   */
  const settle = (changed: string[], now: Issue[]) =>
    setFailure((old) => {
      if (!old || !old.issues.some((i) => changed.includes(i.path))) return old;
      const issues = old.issues.flatMap((i) => (changed.includes(i.path) ? now.filter((n) => n.path === i.path).slice(0, 1) : [i]));
      return issues.length ? { ...old, issues } : null;
    });
  return { failure, setFailure, busy, submit, fieldError, settle };
}
