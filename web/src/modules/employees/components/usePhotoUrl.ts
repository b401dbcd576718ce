import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getBlob } from '@/lib/http';
import { employeeKeys } from '../api';

/**
 * An employee's photo as an object URL. The photo endpoint needs the Authorization header, so an
 * <img src> cannot load it: the http client fetches it as a Blob (cached by id and photo tag, which
 * changes with the photo), and the URL made from it is revoked when the caller unmounts or it changes.
 */
export function usePhotoUrl(id: number, photoTag: string | null | undefined): string | undefined {
  const photo = useQuery({
    queryKey: employeeKeys.photo(id, photoTag ?? ''),
    queryFn: () => getBlob('/sysUser/photo', { id, v: photoTag }),
    enabled: Boolean(photoTag),
    // The tag is in the key: a photo of a given tag never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  const blob = photoTag ? photo.data : undefined;

  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  return url;
}
