import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page may take (lazy code, then its data) before its heading gets focus. */
const HEADING_WAIT_MS = 5_000;

function mainElement(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main#main') ?? document.querySelector<HTMLElement>('main');
}

/** The page's heading: the first h1 of the main content (else of the page). */
export function pageHeading(root: ParentNode = document): HTMLElement | null {
  const main = root.querySelector('main#main') ?? root.querySelector('main');
  return main?.querySelector<HTMLElement>('h1') ?? root.querySelector<HTMLElement>('h1');
}

/** Focuses an element that is not focusable by itself (tabIndex -1 keeps it out of the Tab order). */
export function focusQuietly(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus();
}

/**
 * "Skip to main content": the first tab stop of every page, visible when focused. It moves focus to
 * the page's main landmark without changing the address.
 */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: an in-page link (#main) that works without script too; the handler focuses the main landmark of pages whose main has no id.
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-card px-4 py-2 font-medium text-foreground text-sm shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      onClick={(event) => {
        const main = mainElement();
        if (!main) return;
        event.preventDefault();
        focusQuietly(main);
        main.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}

/**
 * After a route change, moves focus to the new page's heading (h1, made focusable with tabIndex -1)
 * so keyboard and screen-reader users start on the new page rather than in the navigation. A page
 * that loads lazily or waits for data gets its heading focused once it appears. The first page load,
 * in-place changes that replace the address (tabs, filters) and a page that focused one of its own
 * fields leave focus alone.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search };
    if (!before) return;
    const pageChanged = before.pathname !== pathname || (navigationType === 'PUSH' && before.search !== search);
    if (!pageChanged) return;

    const tryFocus = () => {
      // A page that put focus in its own content (an autofocused field) keeps it.
      const current = document.activeElement;
      if (current && current !== document.body && mainElement()?.contains(current)) return true;
      const heading = pageHeading();
      if (!heading) return false;
      focusQuietly(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, search, navigationType]);
}
