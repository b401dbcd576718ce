import { MENU_COLLAPSE_BELOW_PX } from '@tidyhouse/contract';
import { useEffect, useState } from 'react';

const isNarrow = () => window.innerWidth < MENU_COLLAPSE_BELOW_PX;

/**
 * The menu collapses when the window is narrower than MENU_COLLAPSE_BELOW_PX (spec §2) and expands
 * when it widens again; in between, the toggle decides. Only crossing the breakpoint overrides the
 * user's choice, so resizing on one side of it keeps their toggle.
 */
export function useMenuCollapse(): { collapsed: boolean; toggle: () => void } {
  const [narrow, setNarrow] = useState(isNarrow);
  const [collapsed, setCollapsed] = useState(narrow);

  useEffect(() => {
    const onResize = () => setNarrow(isNarrow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => setCollapsed(narrow), [narrow]);

  return { collapsed, toggle: () => setCollapsed((value) => !value) };
}
