import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import type { EnvironmentList, EnvironmentView, ProfileInput } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { ENVIRONMENTS, page } from '../../test/fixtures';

let calls: Array<{ cmd: string; args: Record<string, unknown> }>;
let envs: EnvironmentList;
let staff: string | null;
/** How test_connection fails for the profile: a rejected key, or nothing listening. */
let failure: 'wrongKey' | 'refused';

function installMock() {
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case 'list_environments':
        return structuredClone(envs);
      case 'list_transactions':
        return page([], 0, envs.activeId);
      case 'save_profile': {
        const input = a.input as ProfileInput;
        const view: EnvironmentView = { id: input.id ?? 'new-1', name: input.name, baseUrl: input.baseUrl, badge: input.badge, builtIn: false, hasKey: false, routes: input.routes, dialect: input.dialect, managed: false };
        envs.environments = [...envs.environments.filter((e) => e.id !== view.id), view];
        return view;
      }
      case 'set_api_key':
        envs.environments = envs.environments.map((e) => (e.id === a.profileId ? { ...e, hasKey: true } : e));
        return null;
      case 'delete_profile':
        envs.environments = envs.environments.filter((e) => e.id !== a.id);
        return null;
      case 'staff_name':
        return staff;
      case 'set_staff_name': {
        const name = (a.name as string).trim();
        if (name.length > 80) throw { code: 'validation', message: 'The staff name must be at most 80 visible characters.' };
        staff = name === '' ? null : name;
        return staff;
      }
      case 'test_connection':
        if (a.id === 'sandbox') return { transactionCount: 200 };
        if (failure === 'refused') {
          throw { code: 'network', message: 'could not connect to the service: tcp connect error: Connection refused', status: null, title: null, detail: null, correlationId: null, cause: 'refused' };
        }
        throw { code: 'unauthorized', message: 'The API key was rejected', status: 401, title: null, detail: null, correlationId: 'c-9', cause: 'wrongKey' };
      case 'select_environment':
        envs.activeId = a.id as string;
        return envs.environments.find((e) => e.id === a.id);
      default:
        throw { code: 'internal', message: `unexpected ${cmd}` };
    }
  });
}

const item = (id: string) => screen.getAllByTestId('environment-item').find((el) => el.getAttribute('data-id') === id)!;

beforeEach(() => {
  calls = [];
  envs = structuredClone(ENVIRONMENTS);
  staff = null;
  failure = 'wrongKey';
  i18n.set('en');
  installMock();
});
afterEach(() => clearMocks());

async function openPage() {
  render(App);
  await fireEvent.click(screen.getByTestId('nav-environments'));
  await waitFor(() => expect(screen.getAllByTestId('environment-item')).toHaveLength(2));
}

describe('staff name', () => {
  it('shows the stored name, saves a new one trimmed and clears it', async () => {
    staff = 'Mette';
    await openPage();
    const input = screen.getByTestId('staff-name') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Mette'));
    expect((screen.getByTestId('staff-save') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.input(input, { target: { value: '  Mette Hansen ' } });
    await fireEvent.click(screen.getByTestId('staff-save'));
    await waitFor(() => expect(staff).toBe('Mette Hansen'));
    expect(calls.find((c) => c.cmd === 'set_staff_name')?.args).toEqual({ name: 'Mette Hansen' });
    expect(await screen.findByText('Staff name “Mette Hansen” saved')).toBeTruthy();
    await fireEvent.input(input, { target: { value: '' } });
    await fireEvent.click(screen.getByTestId('staff-save'));
    await waitFor(() => expect(staff).toBeNull());
  });

  it('refuses a name longer than 80 characters before sending, in Danish too', async () => {
    i18n.set('da');
    await openPage();
    await fireEvent.input(screen.getByTestId('staff-name'), { target: { value: 'x'.repeat(81) } });
    expect(await screen.findByText('Højst 80 tegn.')).toBeTruthy();
    expect((screen.getByTestId('staff-save') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.cmd === 'set_staff_name')).toBe(false);
  });
});

describe('environments page', () => {
  it('lists the built-in sandbox first, without edit/delete', async () => {
    await openPage();
    const items = screen.getAllByTestId('environment-item');
    expect(items[0].getAttribute('data-id')).toBe('sandbox');
    expect(within(items[0]).queryByTestId('env-delete')).toBeNull();
    expect(within(items[1]).getByTestId('env-delete')).toBeTruthy();
    expect(items[1].textContent).toContain('Key stored in OS keychain');
    // The built-in Sandbox's key is compiled in: its card must not claim a keychain item.
    expect(items[0].textContent).not.toContain('Key stored in OS keychain');
    expect(within(items[0]).getByTestId('env-key-state').textContent).toContain('nothing in the keychain');
  });

  it('tests a connection and shows the result or the error', async () => {
    await openPage();
    await fireEvent.click(within(item('sandbox')).getByTestId('env-test'));
    await waitFor(() => expect(within(item('sandbox')).getByTestId('env-test-result').textContent).toContain('Connected — 200 transactions'));
    await fireEvent.click(within(item('prod-1')).getByTestId('env-test'));
    await waitFor(() => expect(within(item('prod-1')).getByTestId('env-test-result').textContent).toContain('The API key was rejected'));
  });

  it('says what a failed connection means: the address, the likely cause and what to check', async () => {
    await openPage();
    await fireEvent.click(within(item('prod-1')).getByTestId('env-test'));
    const trouble = await within(item('prod-1')).findByTestId('env-test-error');
    expect(trouble.textContent).toContain('Could not connect to https://api.example.com');
    expect(within(trouble).getByTestId('env-test-error-cause').textContent).toBe('The service answered, but refused the API key (401).');
    expect(within(trouble).getByTestId('env-test-error-check').textContent).toContain('Enter the key again');
  });

  it('does not make an unreachable environment current without the work-offline choice', async () => {
    failure = 'refused';
    await openPage();
    await fireEvent.click(within(item('prod-1')).getByTestId('env-use'));
    const dialog = await screen.findByTestId('unreachable-dialog');
    expect(within(dialog).getByTestId('unreachable-trouble-cause').textContent).toContain('connection was refused');
    expect(calls.some((c) => c.cmd === 'select_environment')).toBe(false);
    await fireEvent.click(within(dialog).getByTestId('unreachable-stay'));
    await waitFor(() => expect(screen.queryByTestId('unreachable-dialog')).toBeNull());
    expect(calls.some((c) => c.cmd === 'select_environment')).toBe(false);

    await fireEvent.click(within(item('prod-1')).getByTestId('env-use'));
    await fireEvent.click(await screen.findByTestId('unreachable-offline'));
    await waitFor(() => expect(calls.filter((c) => c.cmd === 'select_environment').map((c) => c.args.id)).toEqual(['prod-1']));
  });

  it('validates, saves a profile, stores the typed key and clears the field', async () => {
    await openPage();
    const name = screen.getByTestId('profile-name') as HTMLInputElement;
    const url = screen.getByTestId('profile-base-url') as HTMLInputElement;
    const key = screen.getByTestId('profile-api-key') as HTMLInputElement;

    await fireEvent.input(name, { target: { value: 'Staging' } });
    await fireEvent.input(url, { target: { value: 'ftp://nope' } });
    await fireEvent.submit(screen.getByTestId('profile-form'));
    expect(screen.getByText('Enter a valid http:// or https:// URL.')).toBeTruthy();
    expect(calls.some((c) => c.cmd === 'save_profile')).toBe(false);

    await fireEvent.input(url, { target: { value: 'https://staging.example.com' } });
    await fireEvent.change(screen.getByTestId('profile-badge'), { target: { value: 'production' } });
    await fireEvent.input(key, { target: { value: 'secret-key' } });
    await fireEvent.submit(screen.getByTestId('profile-form'));

    await waitFor(() => expect(calls.some((c) => c.cmd === 'set_api_key')).toBe(true));
    expect(calls.find((c) => c.cmd === 'save_profile')?.args).toEqual({
      input: { id: null, name: 'Staging', baseUrl: 'https://staging.example.com', badge: 'production', routes: '', dialect: 'spec' },
    });
    expect(calls.find((c) => c.cmd === 'set_api_key')?.args).toEqual({ profileId: 'new-1', apiKey: 'secret-key' });
    expect(key.value).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('environment-item')).toHaveLength(3));
    expect(document.body.textContent).not.toContain('secret-key');
  });

  it('edits without a key: set_api_key is not called', async () => {
    await openPage();
    await fireEvent.click(within(item('prod-1')).getByTestId('env-edit'));
    expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('Live');
    await fireEvent.input(screen.getByTestId('profile-name'), { target: { value: 'Live 2' } });
    await fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'save_profile')).toBe(true));
    expect((calls.find((c) => c.cmd === 'save_profile')?.args.input as ProfileInput).id).toBe('prod-1');
    await waitFor(() => expect(item('prod-1').textContent).toContain('Live 2'));
    expect(calls.some((c) => c.cmd === 'set_api_key')).toBe(false);
  });

  it('deletes after confirmation', async () => {
    await openPage();
    await fireEvent.click(within(item('prod-1')).getByTestId('env-delete'));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Live');
    await fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getAllByTestId('environment-item')).toHaveLength(1));
    expect(calls.find((c) => c.cmd === 'delete_profile')?.args).toEqual({ id: 'prod-1' });
  });
});

describe("the organisation's environments", () => {
  it('marks them, offers only their key, and hides the form when the policy sets them all', async () => {
    envs = {
      activeId: 'org:prod',
      environments: [{ id: 'org:prod', name: 'Production', baseUrl: 'https://api.example.com', badge: 'production', builtIn: false, hasKey: false, routes: '', dialect: 'spec', managed: true }],
      locked: true,
    };
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-environments'));
    const env = await waitFor(() => item('org:prod'));
    expect(within(env).getByTestId('env-managed').textContent).toBe('Set by your organisation');
    expect(within(env).queryByTestId('env-delete')).toBeNull();
    expect(screen.getByTestId('envs-locked')).toBeTruthy();
    expect(screen.queryByTestId('profile-form')).toBeNull();

    await fireEvent.click(within(env).getByTestId('env-edit'));
    expect(screen.getByTestId('profile-name').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByTestId('profile-base-url').closest('fieldset')?.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId('profile-api-key'), { target: { value: 'my-own-key' } });
    await fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.some((c) => c.cmd === 'set_api_key')).toBe(true));
    expect(calls.find((c) => c.cmd === 'set_api_key')?.args).toEqual({ profileId: 'org:prod', apiKey: 'my-own-key' });
    expect(calls.some((c) => c.cmd === 'save_profile')).toBe(false);
  });
});
