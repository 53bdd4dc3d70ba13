import type { AuditEntry, ChainCheck } from '../../lib/bindings';
import { t } from '../../shared/i18n/i18n.svelte';

/** What the integrity badge shows: the state and its words (Rust's `ChainCheck`, worded here; its English `message` is not shown). */
export function integrity(chain: ChainCheck, rows: (n: number) => string): { state: 'true' | 'false' | 'unverified'; text: string; title: string } {
  const title = t('audit.integrity.title', {
    rows: rows(chain.rows), keyed: rows(chain.keyedRows), legacy: rows(chain.legacyRows),
    anchored: chain.anchoredSeq != null ? rows(chain.anchoredSeq) : t('audit.integrity.noAnchor'),
  });
  if (chain.status === 'intact') return { state: 'true', text: t('audit.integrity.ok', { rows: rows(chain.rows) }), title };
  if (chain.status === 'broken') {
    const row = chain.brokenAt ?? 0;
    return { state: 'false', text: t(`audit.problem.${chain.problem ?? 'edited'}`, { row }), title };
  }
  const reasons: string[] = [];
  if (chain.anchor === 'unavailable') reasons.push(t('audit.unverified.anchorUnavailable'));
  if (chain.anchor === 'missing' && chain.rows > 0) reasons.push(t('audit.unverified.anchorMissing'));
  if (!chain.keyAvailable) reasons.push(t('audit.unverified.keyUnavailable'));
  if (chain.unkeyedFrom != null) reasons.push(t('audit.unverified.unkeyed', { row: chain.unkeyedFrom }));
  return { state: 'unverified', text: t('audit.integrity.unverified', { reasons: reasons.join('; ') }), title };
}

/** Who acted: the staff name, then the OS user at the host; null for rows from before the keyed trail. */
export function actorOf(r: AuditEntry): { name: string | null; account: string | null } {
  const account = r.actorUser ? (r.actorHost ? `${r.actorUser}@${r.actorHost}` : r.actorUser) : null;
  return { name: r.staffName, account };
}

/** The environment's kind as its badge reads (`sandbox`, `production`), else as stored. */
export function kindLabel(kind: string | null): string {
  if (kind === 'sandbox') return t('env.badge.sandbox');
  if (kind === 'production') return t('env.badge.production');
  return kind ?? '';
}
