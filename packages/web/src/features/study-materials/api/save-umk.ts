import { upload, type LmsClient, type UploadFields, type UploadProgress } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { studyMaterialsKeys } from './study-materials-keys';

export type UmkSaveFields = UploadFields<'/api/umk/insertorupdateumk'>;

export interface SaveUmkInput {
  fields: UmkSaveFields;
  /** The new file, if one was picked; an edit without one keeps the stored file. */
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/umk/insertorupdateumk: multipart, the UMK save payload and one `file` part. */
export function saveUmk(client: LmsClient, input: SaveUmkInput) {
  return upload(client, '/api/umk/insertorupdateumk', input.fields, input.files, {
    onProgress: input.onProgress,
    signal: input.signal,
  });
}

/** A saved material changes the lists, the students' teachers and, through isForEBooks, the e-library. */
export function useSaveUmk() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUmkInput) => saveUmk(client, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.all }),
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.libraryBookLists() }),
      ]),
  });
}
