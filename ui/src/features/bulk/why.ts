// Why a row of a bulk run was left out or did not go through, in the chosen language: the
// reason the run gives for a skip, else the error's words from the catalogue; the English
// message the run keeps for its log is shown in English only.
import type { BulkRow } from '../../lib/bindings';
import { errorText } from '../../shared/error-catalogue';
import { statusLabel, t, type Lang } from '../../shared/i18n/i18n.svelte';

export function rowWhy(r: Pick<BulkRow, 'skip' | 'error' | 'message'>, lang: Lang): string | null {
  if (r.skip?.why === 'status') return t('bulk.skip.status', { status: statusLabel(r.skip.status ?? '').toLowerCase() });
  if (r.skip?.why === 'noPayerAccount') return t('bulk.skip.noPayerAccount');
  if (r.skip?.why === 'noAccount') return t('bulk.skip.noAccount');
  if (r.error) return errorText(r.error, lang);
  return lang === 'en' ? r.message : null;
}
