import { afterEach, describe, expect, it } from 'vitest';
import { StrictMode, useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogHost } from './dialog-host';
import { showAlert, showConfirm } from './dialog-store';

afterEach(cleanup);

/** Like the /media upload form: the button is disabled while busy and the failure is shown in an alert. */
function BusyAction() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={(e) => {
        setBusy(true);
        // Browsers drop focus from a control that gets disabled (jsdom doesn't): focus is on the body now.
        e.currentTarget.blur();
        void showAlert('Yükleme başarısız').then(() => setBusy(false));
      }}
    >
      Yükle
    </button>
  );
}

describe('alert and confirm dialogs give focus back on close', () => {
  it('returns focus to the busy button that opened the alert, once it is enabled again', async () => {
    // StrictMode runs the dialog's effect twice, as Suspense can in production: focus must still come back.
    render(<StrictMode><BusyAction /><DialogHost /></StrictMode>);
    const button = screen.getByRole('button', { name: 'Yükle' });
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Tamam' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('returns focus to the element focused before a confirmation', async () => {
    render(<StrictMode><input aria-label="Ad" /><DialogHost /></StrictMode>);
    const input = screen.getByLabelText('Ad');
    input.focus();
    const answer = showConfirm('Silinsin mi?');
    await userEvent.click(await screen.findByRole('button', { name: 'İptal' }));
    expect(await answer).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(input));
  });
});
