import { memo, type ReactNode } from 'react';

/**
 * An item's card, drawn again only when the item itself changes. The grid draws its cards a few at
 * a time (`useProgressiveCount`), and each step drew every card already there again (issue 34:
 * the patients' 40 cards made some 6,800 components in five steps, for 2,000 drawn). The handlers
 * `renderCard` gives a card may be new functions on each draw, so they must depend on the item
 * alone (opening its edit form or its area), as the lists' handlers do.
 */
export const DrawnCard = memo(
  function DrawnCard({ item, renderCard }: { item: unknown; renderCard: (item: never) => ReactNode }) {
    return renderCard(item as never);
  },
  (before, after) => before.item === after.item,
);
