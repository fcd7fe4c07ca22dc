import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';

afterEach(cleanup);

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Aç</button>
      <Modal open={open} title="Düzenle" onClose={() => setOpen(false)}>
        <label>Ad <input name="name" /></label>
      </Modal>
    </>
  );
}

async function openModal() {
  render(<Page />);
  await userEvent.click(screen.getByRole('button', { name: 'Aç' }));
  return screen.getByRole('dialog', { name: 'Düzenle' }) as HTMLDialogElement;
}

// What the browser itself does with a modal <dialog> (the inert page behind, Tab kept inside,
// Escape turned into `cancel`) is checked in Chromium: e2e/tests/content.test.ts.
describe('Modal', () => {
  it('starts focus on the first form field, not on the × button', async () => {
    await openModal();
    expect(document.activeElement).toBe(screen.getByLabelText('Ad'));
  });

  it('is a native dialog shown as a modal, named by its title', async () => {
    const dialog = await openModal();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('closes through its parent on Escape (the cancel event) and gives focus back', async () => {
    const dialog = await openModal();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    // The browser does not close it by itself: the parent does, by rendering it closed.
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aç' }));
  });

  it('tells its parent when the browser closed it anyway', async () => {
    const dialog = await openModal();
    dialog.close();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a press on the backdrop, not on a double-click\'s second press or one inside the panel', async () => {
    const dialog = await openModal();
    fireEvent.mouseDown(screen.getByLabelText('Ad'), { detail: 1 });
    fireEvent.mouseDown(dialog, { detail: 2 });
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.mouseDown(dialog, { detail: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
