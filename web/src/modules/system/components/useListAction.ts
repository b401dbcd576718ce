import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

/**
 * An action on a row of a list (enable, disable, remove): posts to `url`, says `done` and reloads the
 * list of `listUrl`. `run` returns the promise, so a confirmation dialog can wait for it.
 */
export function useListAction<Body>(url: string, listUrl: string, done?: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: Body) => post<unknown>(url, body),
    onSuccess: async () => {
      if (done) showSuccess(done);
      await queryClient.invalidateQueries({ queryKey: listQueryKey(listUrl) });
    },
  });
  return { run: (body: Body) => mutation.mutateAsync(body), pending: mutation.isPending };
}
