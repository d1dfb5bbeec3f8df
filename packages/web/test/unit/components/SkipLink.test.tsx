// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from '../../../src/components/SkipLink';

afterEach(cleanup);

describe('the skip-to-content link', () => {
  it('is hidden until focused, then shown, and moves the focus to the page without changing the address', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/documents">Documents</a>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          page
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link.style.position).toBe('absolute');
    expect(link.style.width).toBe('1px');
    fireEvent.focus(link);
    expect(link.style.position).toBe('fixed');
    expect(link.style.width).toBe('');
    const before = window.location.href;
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
    expect(window.location.href).toBe(before);
    fireEvent.blur(link);
    expect(link.style.position).toBe('absolute');
  });
});
