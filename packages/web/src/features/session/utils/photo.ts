import type { components } from '@lms/client';

export type Photo = components['schemas']['MiscPhoto'];

/** The photo arrives as the bytes of a JPEG; the header shows it as a data URL. */
export function photoToDataUrl(photo: Photo | undefined): string | null {
  if (!photo || photo.data.length === 0) return null;
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < photo.data.length; index += chunk) {
    binary += String.fromCharCode(...photo.data.slice(index, index + chunk));
  }
  return `data:image/jpeg;base64,${btoa(binary)}`;
}
