import i18next, { type TFunction } from 'i18next';
import { createContext, useContext } from 'react';

/**
 * The board's one `t`, given by the day board to its hundreds of blocks. react-i18next's
 * `useTranslation` builds a wrapper of the i18n instance and subscribes to its events in every
 * component that calls it: five calls in each of 300 blocks made about a fifth of the first render.
 * A change of language re-renders the day board, which gives the blocks the new `t`.
 */
export const BoardWordsContext = createContext<TFunction | null>(null);

/** The board's `t`; outside a board (a block drawn alone) the i18n instance's own. */
export const useBoardT = (): TFunction => useContext(BoardWordsContext) ?? i18next.t;
