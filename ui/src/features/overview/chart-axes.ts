// The day chart's axes (pure): a value axis of a few round counts, and which days the time
// axis names and how.
import { LOCALES } from '../../shared/format';
import type { Lang } from '../../shared/i18n/i18n.svelte';

/** Gridline values from 0 to the first round count at or above `max`, at most about
 * `count` steps of 1, 2 or 5 × 10ⁿ (whole deals: never below 1). The last is the chart's top. */
export function valueTicks(max: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(Math.max(1, rough)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) {
    ticks.push(v);
    if (v >= top) break;
  }
  return ticks;
}

/** The days the time axis names: the last (today) and every `every` days before it. */
export function dayTicks(n: number, every = 7): number[] {
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** A day (`YYYY-MM-DD`) as the axis names it: "24 Nov", "24. nov.". */
export function shortDay(day: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  let f = formats.get(lang);
  if (!f) formats.set(lang, (f = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))).replace(/\u00a0/g, ' ');
}
