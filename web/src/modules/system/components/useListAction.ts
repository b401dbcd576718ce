import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

/**
 * An action on a row of a list (enable, disable, remove): posts to `url`, says `done` and reloads the
 * list of `listUrl`. `run` returns the promise, so a confirmation dialog can wait for it. `done` may
 * read the answer (a role's disabling says how many sessions it ended).
 */
export function useListAction<Body, Result = unknown>(
  url: string,
  listUrl: string,
  done?: string | ((result: Result, body: Body) => string | undefined),
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: Body) => post<Result>(url, body),
    onSuccess: async (result, body) => {
      const text = typeof done === 'function' ? done(result, body) : done;
      if (text) showSuccess(text);
      await queryClient.invalidateQueries({ queryKey: listQueryKey(listUrl) });
    },
  });
  return { run: (body: Body) => mutation.mutateAsync(body), pending: mutation.isPending };
}
