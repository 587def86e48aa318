import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { LibraryBook } from '../../../lib/reference-data/library-books';
import styles from './e-library.module.css';

/**
 * From this many books on, only the cards in view (and a few around) are in the page, so a search
 * in a library of thousands draws a screenful; a library of a hundred or so is drawn whole (the
 * browser's find-in-page finds any of them).
 */
export const VIRTUAL_FROM = 120;

/** A card's height before it is drawn: title, author, two lines of description, chips, file. */
const CARD_HEIGHT = 200;

export interface BookListProps {
  books: readonly LibraryBook[];
  /** The list's accessible name. */
  label: string;
  /** One book's card: a list item. */
  children: (book: LibraryBook) => ReactNode;
}

/**
 * The books, as cards one under another in the page's own scroll. A long list keeps the cards in
 * view in the page, each measured as drawn, and the room of the others as the list's padding
 * above and below them; every card still says where it stands in the whole list.
 */
export function BookList({ books, label, children }: BookListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const virtual = books.length >= VIRTUAL_FROM;
  // Where the list starts in the page, and the gap its grid puts between cards.
  const [layout, setLayout] = useState({ top: 0, gap: 0 });
  const virtualizer = useWindowVirtualizer({
    count: virtual ? books.length : 0,
    estimateSize: () => CARD_HEIGHT,
    overscan: 4,
    gap: layout.gap,
    scrollMargin: layout.top,
    getItemKey: (index) => books[index]?.id_eBook ?? index,
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;

  // After every render: what stands above the list (the search's status line, a notice) may have
  // moved it, and other cards may be in view. The layout is set only when it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !items) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
    if (top !== layout.top || gap !== layout.gap) setLayout({ top, gap });
    // The cards (BookCard's list items) are the items in view, in order: each is measured, and
    // tells assistive technology its place among all the books.
    items.forEach((item, i) => {
      const card = list.children[i];
      if (!(card instanceof HTMLElement)) return;
      card.dataset.index = String(item.index);
      card.setAttribute('aria-posinset', String(item.index + 1));
      card.setAttribute('aria-setsize', String(books.length));
      virtualizer.measureElement(card);
    });
  });

  const first = items?.[0];
  const last = items?.at(-1);
  const shown = items ? items.flatMap((item) => books[item.index] ?? []) : books;
  return (
    <ul
      ref={listRef}
      className={styles.books}
      aria-label={label}
      style={
        first && last
          ? {
              paddingTop: first.start - layout.top,
              paddingBottom: virtualizer.getTotalSize() - (last.end - layout.top),
            }
          : undefined
      }
    >
      {shown.map(children)}
    </ul>
  );
}
