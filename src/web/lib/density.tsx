import * as React from 'react';

/** Compact layout (Settings → Dashboard Preferences → Compact Mode): tighter spacing, shorter charts. */
const DensityContext = React.createContext(false);

export function DensityProvider({ compact, children }: { compact: boolean; children: React.ReactNode }) {
  return <DensityContext.Provider value={compact}>{children}</DensityContext.Provider>;
}

/** Spacing and sizes for the current density. */
export function useDensity() {
  const compact = React.useContext(DensityContext);
  return {
    compact,
    /** Gap between dashboard blocks. */
    gap: compact ? 'gap-3' : 'gap-4 sm:gap-6',
    /** Padding inside a card. */
    pad: compact ? 'p-3 sm:p-4' : 'p-4 sm:p-5',
    /** Height of a main chart in px. */
    chartHeight: compact ? 220 : 280,
  };
}
