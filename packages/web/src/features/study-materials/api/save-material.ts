import type { UploadFields } from '@lms/client';
import { useUploadMutation } from '../../../lib/files/upload-kit';
import { studyMaterialsKeys } from './study-materials-keys';

export type MaterialSaveFields = UploadFields<'/api/umk/insertorupdateumk'>;

/**
 * POST /api/umk/insertorupdateumk: multipart, the UMK save payload and one `file` part. A saved
 * material changes the lists, the students' teachers and, through isForEBooks, the e-library.
 */
export function useSaveMaterial() {
  return useUploadMutation('/api/umk/insertorupdateumk', (_saved, queryClient) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.all }),
      queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.libraryBookLists() }),
    ]),
  );
}
