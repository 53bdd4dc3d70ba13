import { mockIPC } from '@tauri-apps/api/mocks';
import { ENVIRONMENTS, item, transaction } from './test/fixtures';
const statuses = ['CREATED', 'PAID', 'SUCCEEDED', 'CANCELLED', 'WEIRD_STATE'];
const all = Array.from({ length: 200 }, (_, i) => item(i, { status: statuses[i % 5], amount: `${(i + 1) * 1234}.50`, currency: i % 7 === 0 ? 'EUR' : 'DKK', title: i % 3 === 0 ? `Volvo XC60 ${i}` : `Tesla Model 3 ${i}` }));
const h = location.hash;
if (h.includes('da')) localStorage.setItem('escrow-desk.lang', 'da'); else localStorage.setItem('escrow-desk.lang', 'en');
if (h.includes('dark')) localStorage.setItem('escrow-desk.theme', 'dark'); else localStorage.setItem('escrow-desk.theme', 'light');
mockIPC((cmd, a: any) => {
  if (cmd === 'list_environments') return ENVIRONMENTS;
  if (cmd === 'list_transactions') {
    if (h.includes('error')) throw { code: 'unauthorized', message: 'The API key was rejected by the server', status: 401, title: 'Unauthorized', detail: 'Check the API key for this environment.', correlationId: '8c1d2f0a-1234-4bcd-9f00-abcdef123456' };
    const q = (a.query.search ?? '').toLowerCase();
    const f = all.filter((x) => !q || (x.title ?? '').toLowerCase().includes(q));
    return { environmentId: 'sandbox', count: f.length, items: f.slice(a.query.skip, a.query.skip + a.query.take) };
  }
  if (cmd === 'get_transaction') return transaction(a.id);
  if (cmd === 'test_connection') return { transactionCount: 200 };
  return null;
});
setTimeout(() => {
  if (h.includes('detail')) (document.querySelector('[data-testid="transaction-row"]') as HTMLElement)?.click();
  if (h.includes('envs')) (document.querySelector('[data-testid="nav-environments"]') as HTMLElement)?.click();
  if (h.includes('envs')) setTimeout(() => (document.querySelector('[data-testid="env-test"]') as HTMLElement)?.click(), 100);
  if (h.includes('search')) { const i = document.querySelector('[data-testid="search-input"]') as HTMLInputElement; i.value = 'nomatch'; i.dispatchEvent(new Event('input', { bubbles: true })); }
  if (h.includes('sel')) { document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })); document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })); }
}, 400);
