// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../../../src/components/Pager';

afterEach(cleanup);

// jsdom has no matchMedia, which MantineProvider reads for the colour scheme.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

const total = (n: number, exact = true) => {
  render(
    <MantineProvider>
      <Pager
        label="Pages of keys"
        total={n}
        exact={exact}
        page={1}
        pageSize={25}
        noun="keys"
        singular="key"
        onPage={() => {}}
      />
    </MantineProvider>,
  );
  return screen.getByTestId('keys-total').textContent;
};

describe('the total under a list', () => {
  it('says "1 key", not "1 keys"', () => expect(total(1)).toBe('1 key'));
  it('says "2,500 keys"', () => expect(total(2500)).toBe('2,500 keys'));
  it('keeps a lower bound plural: "1+ keys"', () => expect(total(1, false)).toBe('1+ keys'));
});
