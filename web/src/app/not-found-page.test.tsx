import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

afterEach(cleanup);

it('tells the visitor the page does not exist and links home', async () => {
  const router = createMemoryRouter([{ path: '*', Component: NotFoundPage }], {
    initialEntries: ['/no-such-page?x=1'],
  });
  render(<RouterProvider router={router} />);

  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading.textContent).toBe('Oops! Page not found');
  expect(screen.getByText('/no-such-page')).not.toBeNull();
  const home = screen.getByRole('link', { name: /return to home/i });
  expect(home.getAttribute('href')).toBe('/');
});
