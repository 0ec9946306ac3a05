import { useId } from 'react';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { SelectField } from './form';
import * as f from './form.css';

export type DateParts = { day: string; month: string; year: string };

/** "2026-05-01" → its parts for the three selects ('' when unknown). */
export function dateParts(iso: string | null | undefined): DateParts {
  const [year = '', month = '', day = ''] = iso?.split('-') ?? [];
  return { day: day ? String(Number(day)) : '', month: month ? String(Number(month)) : '', year };
}

/** Date of birth as day, month and year selects; years from min_age to 100 years back. */
export function BirthDateField({ value, onChange, error }: { value: DateParts; onChange: (next: DateParts) => void; error?: string }) {
  const t = useT();
  const locale = useLocale();
  const { min_age } = useSettings();
  const errorId = useId();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 100 - min_age + 1 }, (_, i) => thisYear - min_age - i);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const set = (key: keyof DateParts) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const common = {
    className: `${f.input} ${f.compact}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <fieldset className={f.field}>
      <legend className={f.label}>{t('form.birth_date')}</legend>
      <div className={f.row}>
        <SelectField label={t('form.day')} name="day" value={value.day} onChange={set('day')} {...common} autoComplete="bday-day">
          <option value="">{t('form.day')}</option>
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.month')} name="month" value={value.month} onChange={set('month')} {...common} autoComplete="bday-month">
          <option value="">{t('form.month')}</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={i + 1}>
              {monthName.format(new Date(Date.UTC(2000, i, 1)))}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.year')} name="year" value={value.year} onChange={set('year')} {...common} autoComplete="bday-year">
          <option value="">{t('form.year')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      </div>
      {error && (
        <p className={f.error} id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
