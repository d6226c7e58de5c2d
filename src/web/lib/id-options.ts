import type * as React from 'react';

/**
 * A `SelectField`'s `options` and `labelOf` for a list of records picked by id: the ids in the list's
 * order, each shown as `label(record)`.
 */
export function idOptions<T extends { id: string }>(items: readonly T[], label: (item: T) => React.ReactNode) {
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    options: items.map((item) => item.id),
    labelOf: (id: string) => {
      const item = byId.get(id);
      return item ? label(item) : null;
    },
  };
}
