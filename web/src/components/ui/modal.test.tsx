import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
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

describe('Modal', () => {
  it('starts focus on the first form field, not on the × button', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Aç' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Ad'));
  });

  it('makes the page behind inert while open, and only while open', async () => {
    const { container } = render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Aç' }));
    const dialog = screen.getByRole('dialog');
    expect(container.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aç' }));
  });
});
