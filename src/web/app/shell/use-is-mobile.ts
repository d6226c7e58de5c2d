import * as React from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** True below the mobile breakpoint (spec §9: 768 px), following window resizes. */
export function useIsMobile(): boolean {
  const subscribe = React.useCallback((onChange: () => void) => {
    const mq = window.matchMedia(QUERY);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return React.useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
