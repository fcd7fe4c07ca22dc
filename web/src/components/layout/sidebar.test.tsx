import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { TUser } from '@pano/contract';
import { createQueryClient } from '../../lib/query-client';
import { useSession } from '../../stores/session-store';
import { Sidebar } from './sidebar';

afterEach(() => {
  cleanup();
  useSession.setState({ status: 'anonymous', user: null });
});

function avatarFor(user: Partial<TUser>) {
  useSession.setState({
    status: 'authenticated',
    user: { _id: '00000000-0000-4000-8000-000000000001', email: 'x@ornek.com', firstName: null, lastName: null, role: 'customer', account: null, ...user },
  });
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter><Sidebar open={false} onNavigate={() => {}} onClose={() => {}} /></MemoryRouter>
    </QueryClientProvider>,
  );
  return container.querySelector('.avatar')?.textContent;
}

describe('sidebar avatar initial', () => {
  it.each([
    ['ilker', 'İ'],
    ['ışıl', 'I'],
    ['şule', 'Ş'],
  ])('%s → %s (Turkish upper case)', (firstName, initial) => {
    expect(avatarFor({ firstName })).toBe(initial);
  });

  it('uses the e-mail when there is no first name', () => {
    expect(avatarFor({ firstName: null, email: 'irem@ornek.com' })).toBe('İ');
  });
});
