import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadMoreButton } from '../LoadMoreButton';

const pagesWith = (state: { hasNextPage: boolean; isFetchingNextPage: boolean }) => ({ ...state, fetchNextPage: vi.fn() });

describe('LoadMoreButton', () => {
  it('asks for the next page when pressed', async () => {
    const pages = pagesWith({ hasNextPage: true, isFetchingNextPage: false });
    render(<LoadMoreButton pages={pages} label="Load older" />);
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    expect(pages.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while the next page loads, and says so', async () => {
    const pages = pagesWith({ hasNextPage: true, isFetchingNextPage: true });
    render(<LoadMoreButton pages={pages} label="Load older" loadingLabel="Loading…" />);
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(pages.fetchNextPage).not.toHaveBeenCalled();
  });

  it('is not there when there is no next page', () => {
    render(<LoadMoreButton pages={pagesWith({ hasNextPage: false, isFetchingNextPage: false })} label="Load older" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
