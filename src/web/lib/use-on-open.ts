import * as React from 'react';

/** Runs `onOpen` each time `open` turns true (and at mount when it starts true): a dialog clearing its fields as it opens. */
export function useOnOpen(open: boolean, onOpen: () => void) {
  const run = React.useEffectEvent(onOpen);
  React.useEffect(() => {
    if (open) run();
  }, [open]);
}
