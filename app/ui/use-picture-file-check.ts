import { useState, type ChangeEvent } from "react";
import { imageFormatOfFile } from "~/lib/image-signature";

/**
 * For a single picture input: when the picked file's first bytes are not a picture the server
 * can read, the choice is cleared and `rejected` is set, so the form shows the error next to
 * the field before anything is uploaded. The server still checks every upload.
 */
export function usePictureFileCheck(): {
  rejected: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
} {
  const [rejected, setRejected] = useState(false);
  const check = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return setRejected(false);
    const format = await imageFormatOfFile(file);
    if (!format) input.value = "";
    setRejected(!format);
  };
  return { rejected, onChange: (event) => void check(event.currentTarget) };
}
