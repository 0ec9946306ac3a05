import { useT } from '../../lib/i18n';
import * as m from './members-page.css';

/** The page numbers to offer: first, last and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}

/** Pagination by page number (the search keeps the page in its store, not in the URL). */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className={m.pagination} aria-label={t('search.pagination')}>
      <button type="button" className={m.pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('search.previous')}
      </button>
      {pageWindow(page, pages).map((n, i) =>
        n === null ? (
          <span key={`gap${i}`} className={m.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={m.pageButton}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('search.page_n', { page: n })}
            onClick={() => n !== page && onPage(n)}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" className={m.pageButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('search.next')}
      </button>
    </nav>
  );
}
