/**
 * "Skip to content": the first stop of the Tab key, so that a keyboard user reaches the page
 * without passing every sidebar link first. Hidden until it has the focus (WCAG 2.4.1).
 */
import { type CSSProperties, useState } from 'react';

/** Id of the element the link moves the focus to (the AppShell's main, Layout.tsx). */
export const MAIN_CONTENT_ID = 'main-content';

/** Off-screen but still focusable and read by screen readers (not `display: none`). */
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const shown: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 12px',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-anchor)',
  border: '2px solid var(--mantine-color-blue-filled)',
  borderRadius: 4,
};

export function SkipLink() {
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      style={focused ? shown : hidden}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(e) => {
        // Moving the focus ourselves keeps the address as it is: the router owns it, and a
        // `#main-content` fragment would be read as a sign-in link's `#key=`.
        e.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
