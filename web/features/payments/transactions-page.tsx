import { Link, useParams } from 'react-router-dom';
import type { Transaction } from '../../../worker/contracts/payments';
import { RequireLogin } from '../../components/layout/require-login';
import { visuallyHidden } from '../../components/layout/top-nav.css';
import { button, disabledState } from '../../components/ui/button.css';
import { ErrorPage } from '../../components/ui/error-page';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import * as p from '../../components/ui/page.css';
import { useLocale, useT, type T } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useTransaction, useTransactions } from './api/get-transactions';
import * as s from './transactions.css';

const REASONS = ['purchase', 'message_text', 'message_gift', 'message_image', 'signup_bonus', 'refund', 'chargeback'] as const;
const known = (reason: string): reason is (typeof REASONS)[number] => (REASONS as readonly string[]).includes(reason);
const reasonText = (t: T, reason: string) => t(`transactions.reasons.${known(reason) ? reason : 'other'}`);
const dateText = (iso: string, locale: string, time = true) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(new Date(iso));
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** /transactions/{id?} (spec section 2): the ledger (purchases, refunds, spending), and one with its receipt. */
export function TransactionsPage() {
  const { id } = useParams();
  if (id !== undefined && !/^[1-9]\d{0,15}$/.test(id)) return <ErrorPage status={404} />;
  return <RequireLogin>{id ? <Detail id={Number(id)} /> : <List />}</RequireLogin>;
}

function List() {
  const t = useT();
  const locale = useLocale();
  const { user } = useStore(sessionStore);
  const query = useTransactions();
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <div className={`${p.page} ${p.narrow}`}>
      <title>{t('transactions.title')}</title>
      <div className={s.header}>
        <div>
          <h1 className={p.title}>{t('transactions.title')}</h1>
          <p className={p.text}>{t('transactions.intro')}</p>
        </div>
        <Link to="/credits" className={button.primary}>
          {t('transactions.buy')}
        </Link>
      </div>
      <p className={f.small}>{t('transactions.balance', { credits: user?.credits ?? 0 })}</p>
      {!query.data ? (
        query.isError && !query.isFetching ? (
          <FormAlert failure={query.error} />
        ) : (
          <p role="status" className={f.small}>
            {t('packages.loading')}
          </p>
        )
      ) : rows.length === 0 ? (
        <p className={p.text}>{t('transactions.empty')}</p>
      ) : (
        <ul className={s.list}>
          {rows.map((row) => (
            <li key={row.id}>
              <Row row={row} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={`${button.outline} ${disabledState} ${s.more}`}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('transactions.more')}
        </button>
      )}
    </div>
  );
}

function Row({ row, locale }: { row: Transaction; locale: string }) {
  const t = useT();
  // read as one link: "reason, kind · date, +credits, amount, Details"
  const pause = <span className={visuallyHidden}>, </span>;
  const inner = (
    <>
      <span className={s.what}>
        <span className={s.reason}>{reasonText(t, row.reason)}</span>
        {pause}
        <span className={s.meta}>
          {t(`transactions.kinds.${row.kind}`)} · {dateText(row.created_at, locale)}
        </span>
      </span>
      {pause}
      <span className={s.amount}>
        <span className={row.credits > 0 ? s.plus : s.minus}>{signed(row.credits)}</span>
        {pause}
        {row.payment ? (
          <span className={s.meta}>{formatMoney(row.payment.amount, row.payment.currency, locale)}</span>
        ) : (
          <span className={s.meta}>{t('transactions.after', { credits: row.balance_after })}</span>
        )}
      </span>
    </>
  );
  return row.payment ? (
    <Link to={`/transactions/${row.id}`} className={s.row}>
      {inner}
      {pause}
      <span className={visuallyHidden}>{t('transactions.details')}</span>
    </Link>
  ) : (
    <div className={s.row}>{inner}</div>
  );
}

function Detail({ id }: { id: number }) {
  const t = useT();
  const locale = useLocale();
  const query = useTransaction(id);
  const back = (
    <Link to="/transactions" className={`${button.outline} ${s.noPrint}`}>
      {t('transactions.back')}
    </Link>
  );
  if (!query.data) {
    if (query.isError && !query.isFetching) {
      return (
        <div className={`${p.page} ${p.narrow}`}>
          <p role="alert" className={p.text}>
            {query.error.status === 404 ? t('transactions.not_found') : query.error.message || t('errors.generic')}
          </p>
          {back}
        </div>
      );
    }
    return (
      <p role="status" className={`${p.page} ${f.small}`}>
        {t('packages.loading')}
      </p>
    );
  }
  const { transaction: row, receipt } = query.data;
  const money = (minor: number) => formatMoney(minor, receipt?.currency ?? 'EUR', locale);
  return (
    <div className={`${p.page} ${p.narrow}`}>
      <title>{receipt ? t('transactions.receipt_title', { number: receipt.number }) : reasonText(t, row.reason)}</title>
      {!receipt ? (
        <>
          <h1 className={p.title}>{reasonText(t, row.reason)}</h1>
          <p className={p.text}>{t('transactions.no_receipt')}</p>
        </>
      ) : (
        <article className={s.receipt}>
          <h1 className={p.title}>{t('transactions.receipt_title', { number: receipt.number })}</h1>
          <div className={s.parties}>
            <address className={s.party}>
              <span className={s.label}>{t('transactions.seller')}</span>
              <strong>{receipt.company.name}</strong>
              <br />
              {receipt.company.address}
              <br />
              {receipt.company.zip} {receipt.company.city}, {receipt.company.country}
              <br />
              {t('transactions.kvk', { kvk: receipt.company.kvk })}
              {receipt.company.vat_number && (
                <>
                  <br />
                  {t('transactions.vat_number', { vat: receipt.company.vat_number })}
                </>
              )}
            </address>
            <address className={s.party}>
              <span className={s.label}>{t('transactions.buyer')}</span>
              <strong>{receipt.buyer.name}</strong>
              <br />
              {receipt.buyer.email}
              <br />
              {receipt.buyer.country}
            </address>
          </div>
          <table className={s.table}>
            <tbody>
              <tr>
                <th scope="row" className={s.cell}>
                  {t('transactions.date')}
                </th>
                <td className={s.num}>{dateText(row.created_at, locale)}</td>
              </tr>
              {row.payment && (
                <tr>
                  <th scope="row" className={s.cell}>
                    {t('transactions.method')}
                  </th>
                  <td className={s.num}>{t(`checkout.methods.${row.payment.method}`)}</td>
                </tr>
              )}
              <tr>
                <th scope="row" className={s.cell}>
                  {t('transactions.description')}
                </th>
                <td className={s.num}>{t('transactions.item', { credits: Math.abs(row.credits), site: receipt.site })}</td>
              </tr>
              {receipt.discount && (
                <>
                  <tr>
                    <th scope="row" className={s.cell}>
                      {t('transactions.full_price')}
                    </th>
                    <td className={s.num}>{money(receipt.discount.full_amount)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className={s.cell}>
                      {t('transactions.discount_line', { code: receipt.discount.code, percent: receipt.discount.percentage })}
                    </th>
                    <td className={s.num}>−{money(receipt.discount.full_amount - receipt.amount)}</td>
                  </tr>
                </>
              )}
              <tr>
                <th scope="row" className={s.cell}>
                  {t('transactions.net')}
                </th>
                <td className={s.num}>{money(receipt.net_amount)}</td>
              </tr>
              <tr>
                <th scope="row" className={s.cell}>
                  {t('transactions.vat', { rate: receipt.vat_rate })}
                </th>
                <td className={s.num}>{money(receipt.vat_amount)}</td>
              </tr>
              <tr>
                <th scope="row" className={s.cell}>
                  {t('transactions.total')}
                </th>
                <td className={s.total}>{money(receipt.amount)}</td>
              </tr>
            </tbody>
          </table>
        </article>
      )}
      <div className={`${s.header} ${s.noPrint}`}>
        {back}
        {receipt && (
          <button type="button" className={button.primary} onClick={() => window.print()}>
            {t('transactions.print')}
          </button>
        )}
      </div>
    </div>
  );
}
