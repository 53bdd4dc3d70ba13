// Pure helpers of the overview: where each figure clicks through to, and the chart's scale.
import type { AgeBucket, DayPoint, TransactionFilters } from '../../lib/bindings';
import { emptyFilters } from '../../shared/list-filters';

/** Statuses whose money is still in escrow (not paid out, not cancelled). */
export const OPEN_STATUSES = ['CREATED', 'INPROGRESS', 'PAID'];

/** The list filter behind a money line (currency and optionally one status): the open deals with money paid in. */
export function escrowFilter(currency: string, status: string | null): TransactionFilters {
  return { ...emptyFilters(), currencies: [currency], statuses: status ? [status] : [...OPEN_STATUSES], paidIn: 'some' };
}

export function statusFilter(status: string): TransactionFilters {
  return { ...emptyFilters(), statuses: [status] };
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Unpaid deals created within the bucket's age range, as of `today`. */
export function ageFilter(bucket: AgeBucket, today: Date): TransactionFilters {
  const back = (days: number) => isoDay(new Date(today.getTime() - days * 86_400_000));
  return {
    ...emptyFilters(),
    statuses: ['CREATED', 'INPROGRESS'],
    createdTo: back(bucket.fromDays),
    createdFrom: bucket.toDays === null ? null : back(bucket.toDays),
  };
}

/** Deals created on one day. */
export function dayFilter(day: string): TransactionFilters {
  return { ...emptyFilters(), createdFrom: day, createdTo: day };
}

/** The largest daily figure, at least 1 (the chart's full height). */
export function chartMax(days: DayPoint[]): number {
  return Math.max(1, ...days.flatMap((d) => [d.created, d.paid, d.paidOut]));
}

/** Bar height in chart units (0 stays 0; anything else at least 1 unit, so it shows). */
export function barHeight(value: number, max: number, height: number): number {
  if (value <= 0) return 0;
  return Math.max(1, Math.round((value / max) * height));
}
