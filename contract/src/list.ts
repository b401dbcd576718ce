import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { INT4_MAX, ZRecordId } from './ids';

/** The list request of design.md §3; each list extends it with its filters. */
export const ZListRequest = z.object({
  pageNum: z.number().int().min(1).max(INT4_MAX).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sort: z.object({ field: z.string().max(64), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type ListRequest = z.infer<typeof ZListRequest>;

/**
 * A large list counts a filtered search only up to this many matches (docs/api-conventions.md
 * "Totals of large lists"): past it the answer says `total: COUNT_CAP, totalCapped: true` and the
 * screen shows "10,000+".
 */
export const COUNT_CAP = 10_000;

export const listResponseOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), totalCapped: z.boolean().optional() });
export interface ListResponse<T> {
  list: T[];
  total: number;
  /**
   * True when `total` is a cap (COUNT_CAP; 200 for a one-word customer search, 1,000 for a Job List
   * search) and more rows match: at least that many.
   */
  totalCapped?: boolean;
}

export const ZId = z.object({ id: ZRecordId });
