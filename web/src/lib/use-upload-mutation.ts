import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write that uploads a file: a mutation whose `progress` is the browser's upload progress
 * (0-100, null when no upload runs); `stale` is refreshed once the upload succeeds.
 */
export function useUploadMutation<TInput, TResult>(
  send: (input: TInput, onProgress: (percent: number) => void) => Promise<TResult>,
  stale: QueryKey,
) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: TInput) => {
      setProgress(0);
      return send(input, setProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: stale }),
  });
  return { ...mutation, progress: mutation.isPending ? progress : null };
}
