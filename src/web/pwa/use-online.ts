import * as React from 'react';

/** Whether the browser says it is online (navigator.onLine), re-rendering on `online`/`offline`. */
export function useOnline(): boolean {
  return React.useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine !== false,
  );
}
