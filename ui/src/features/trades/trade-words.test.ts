import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { tradeState, tradeText } from './trade-words';

describe("the trade API's words", () => {
  afterEach(() => i18n.set('en'));

  it('says a status, a deadline and timeline entries in Danish, amounts in its format', () => {
    i18n.set('da');
    expect(tradeText('Waiting for the item', 'da')).toBe('Venter på varen');
    expect(tradeText('The money is in escrow. Buy a shipment and send the item.', 'da')).toBe('Pengene står i depot. Køb en forsendelse, og send varen.');
    expect(tradeText('The seller must send or hand over the item by then', 'da')).toBe('Sælgeren skal sende eller aflevere varen inden da');
    expect(tradeText('Payment of 1500.00 DKK started', 'da')).toBe('Betaling af 1.500,00 kr. er startet');
    expect(tradeText('You were invited to buy “Racercykel” for 1500.00 DKK', 'da')).toBe('Du blev inviteret til at købe “Racercykel” for 1.500,00 kr.');
    expect(tradeText('Trade “Racercykel” created; the buyer was invited', 'da')).toBe('Handlen “Racercykel” blev oprettet; køberen blev inviteret');
    expect(tradeText('The item was sent with PostNord (00370712345)', 'da')).toBe('Varen blev sendt med PostNord (00370712345)');
    expect(tradeText('The payee did ConfirmHandover', 'da')).toBe('Sælgeren udførte “Confirm handover”');
  });

  it('keeps English in English (amounts formatted) and shows unknown text as written', () => {
    expect(tradeText('Accept and pay 1500.00 DKK into escrow, or reject the invitation.', 'en')).toBe('Accept and pay DKK 1,500.00 into escrow, or reject the invitation.');
    expect(tradeText('Something the service says now', 'en')).toBe('Something the service says now');
    expect(tradeText(null, 'en')).toBe('');
  });

  it('names phase and payment states in the chosen language', () => {
    i18n.set('da');
    expect(tradeState('Pending')).toBe('Afventer');
    expect(tradeState('Completed')).toBe('Gennemført');
    expect(tradeState('OnHold')).toBe('On hold');
    i18n.set('en');
    expect(tradeState('Completed')).toBe('Completed');
  });
});
