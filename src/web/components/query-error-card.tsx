import type * as React from 'react';
import { LoadErrorCard } from '@/components/list-states';

/**
 * The "could not load" card of a failed query (a TanStack query result, or anything with its `error`
 * and `refetch`): the query's error message is the card's detail, and Try Again refetches it. The other
 * props are `LoadErrorCard`'s.
 */
export function QueryErrorCard({
  query,
  ...card
}: { query: { error: Error | null; refetch: () => unknown } } & Omit<React.ComponentProps<typeof LoadErrorCard>, 'detail' | 'onRetry'>) {
  return <LoadErrorCard {...card} detail={query.error?.message} onRetry={() => void query.refetch()} />;
}
