import { calls } from '@contract/calls';
import type { MessageListRequest } from '@contract/schemas/home';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { homeKeys } from '../home-keys';

export const listMessages = (params: MessageListRequest, signal?: AbortSignal) =>
  // The message center shows its own error state with a retry (or the stored page).
  request(calls.homeMessageList, params, { signal, suppressError: true });

/** Keyed by supplier: two accounts on one device never see each other's messages. */
export const messageListQueryOptions = (supplierId: string, params: MessageListRequest) =>
  queryOptions({
    queryKey: homeKeys.messages(supplierId, params),
    queryFn: ({ signal }) => listMessages(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
