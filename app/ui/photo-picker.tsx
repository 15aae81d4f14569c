import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { ACCEPTED_IMAGE_TYPES, imageFormatOfFile } from "~/lib/image-signature";
import { useHydrated } from "./use-hydrated";

export interface StoredPhoto {
  /** How the form names this photo (e.g. "e-<id>"). */
  token: string;
  thumb: string;
}

/** The form fields the picker writes; the server reads the same ones (see photo-plan.ts). */
export interface PhotoPickerFields {
  /** The file input's name. */
  files: string;
  /** Name of the number field that holds a photo's place. */
  position: (token: string) => string;
  /** Name of the field listing removed stored photos. */
  remove: string;
  /** Name of the radio group of the cover. */
  cover: string;
  /** Token of the i-th uploaded file. */
  newToken: (index: number) => string;
}

export interface PhotoPickerLabels {
  drop: string;
  or: string;
  pick: string;
  add: string;
  cover: string;
  makeCover: string;
  moveEarlier: string;
  moveLater: string;
  remove: string;
  order: string;
  newPhoto: string;
  count: (count: number) => string;
  none: string;
  addNoScript: string;
  photoAlt: (n: number) => string;
  skippedTooLarge: (name: string) => string;
  skippedNotImage: (name: string) => string;
  skippedTooMany: (count: number) => string;
}

type Item =
  | { key: string; kind: "stored"; token: string; thumb: string }
  | { key: string; kind: "new"; file: File; url: string };

/**
 * Photos of a form: stored ones plus new files. Without JavaScript it is a multi-file input
 * plus, per stored photo, a cover radio, an order number and a remove checkbox. With
 * JavaScript the same fields are written by a richer editor: drag and drop or pick, previews
 * before upload, reorder, remove and choose the cover; the files are handed to the named file
 * input in the chosen order, so the form still submits as a plain multipart POST.
 */
export function PhotoPicker({
  stored,
  initialCover,
  max,
  maxBytes,
  fields,
  labels,
  invalid = false,
  describedBy,
}: {
  stored: StoredPhoto[];
  initialCover: string | null;
  max: number;
  maxBytes: number;
  fields: PhotoPickerFields;
  labels: PhotoPickerLabels;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const enhanced = useHydrated();
  const filesInput = useRef<HTMLInputElement>(null);
  const pickInput = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>(() =>
    stored.map((photo) => ({ key: photo.token, kind: "stored", ...photo })),
  );
  const [removed, setRemoved] = useState<string[]>([]);
  const [coverKey, setCoverKey] = useState<string | null>(initialCover);
  const [notes, setNotes] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const add = async (files: File[]) => {
    const messages: string[] = [];
    const accepted: Item[] = [];
    // The first bytes, not the name or declared type, say whether a file is a picture the
    // server can read; the server still decodes every upload.
    const formats = await Promise.all(files.map((file) => imageFormatOfFile(file)));
    const room = max - itemsRef.current.length;
    for (const [index, file] of files.entries()) {
      if (!formats[index]) {
        messages.push(labels.skippedNotImage(file.name));
      } else if (file.size > maxBytes) {
        messages.push(labels.skippedTooLarge(file.name));
      } else if (accepted.length >= room) {
        messages.push(labels.skippedTooMany(Math.max(0, room)));
        break;
      } else {
        accepted.push({
          key: `new-${crypto.randomUUID()}`,
          kind: "new",
          file,
          url: URL.createObjectURL(file),
        });
      }
    }
    setNotes(messages);
    if (accepted.length > 0) setItems((current) => [...current, ...accepted]);
  };

  // The named file input carries the new files, in the order shown.
  useEffect(() => {
    const input = filesInput.current;
    if (!input) return;
    const transfer = new DataTransfer();
    for (const item of items) if (item.kind === "new") transfer.items.add(item.file);
    input.files = transfer.files;
  }, [items, enhanced]);

  // Previews are object URLs: release them when they go.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.kind === "new") URL.revokeObjectURL(item.url);
    },
    [],
  );

  if (!enhanced) {
    return (
      <div className="photo-picker">
        {stored.length > 0 && (
          <ul className="photo-picker__grid mb-3">
            {stored.map((photo, index) => (
              <li key={photo.token} className="photo-picker__item p-2">
                <img src={photo.thumb} alt={labels.photoAlt(index + 1)} loading="lazy" />
                <div className="form-check mt-2">
                  <input
                    className="form-check-input"
                    type="radio"
                    name={fields.cover}
                    value={photo.token}
                    id={`${id}-cover-${index}`}
                    defaultChecked={photo.token === initialCover}
                  />
                  <label className="form-check-label" htmlFor={`${id}-cover-${index}`}>
                    {labels.cover}
                  </label>
                </div>
                <label className="form-label small mb-0 mt-1" htmlFor={`${id}-pos-${index}`}>
                  {labels.order}
                </label>
                <input
                  className="form-control form-control-sm"
                  type="number"
                  min={1}
                  max={max}
                  name={fields.position(photo.token)}
                  id={`${id}-pos-${index}`}
                  defaultValue={index + 1}
                />
                <div className="form-check mt-1">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    name={fields.remove}
                    value={photo.token}
                    id={`${id}-remove-${index}`}
                  />
                  <label className="form-check-label" htmlFor={`${id}-remove-${index}`}>
                    {labels.remove}
                  </label>
                </div>
              </li>
            ))}
          </ul>
        )}
        <label className="form-label" htmlFor={`${id}-files`}>
          {labels.add}
        </label>
        <input
          id={`${id}-files`}
          className={`form-control${invalid ? " is-invalid" : ""}`}
          type="file"
          name={fields.files}
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          aria-describedby={describedBy}
          data-testid="photo-input"
        />
        <p className="form-text">{labels.addNoScript}</p>
      </div>
    );
  }

  let newIndex = 0;
  const tokens = items.map((item) =>
    item.kind === "stored" ? item.token : fields.newToken(newIndex++),
  );
  const cover = items.some((item) => item.key === coverKey) ? coverKey : (items[0]?.key ?? null);
  const move = (from: number, to: number) =>
    setItems((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  const removeAt = (index: number) => {
    const item = items[index];
    if (!item) return;
    if (item.kind === "new") URL.revokeObjectURL(item.url);
    else setRemoved((current) => [...current, item.token]);
    setItems((current) => current.filter((entry) => entry.key !== item.key));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div className="photo-picker" data-testid="photo-picker">
      <input
        ref={filesInput}
        type="file"
        name={fields.files}
        multiple
        className="d-none"
        tabIndex={-1}
        aria-hidden="true"
      />
      {removed.map((token) => (
        <input key={token} type="hidden" name={fields.remove} value={token} />
      ))}
      <div
        className={`photo-picker__drop${dragging ? " photo-picker__drop--active" : ""}${invalid ? " border-danger" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-drop"
      >
        <p className="mb-2">
          {labels.drop} {labels.or}
        </p>
        <input
          ref={pickInput}
          id={`${id}-pick`}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          className="visually-hidden"
          aria-describedby={describedBy}
          onChange={(event) => {
            void add([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
          data-testid="photo-input"
        />
        <label
          htmlFor={`${id}-pick`}
          className={`btn btn-outline-primary${items.length >= max ? " disabled" : ""}`}
        >
          {labels.pick}
        </label>
        <p className="small text-secondary mt-2 mb-0" aria-live="polite" data-testid="photo-count">
          {items.length > 0 ? labels.count(items.length) : labels.none}
        </p>
      </div>
      {notes.length > 0 && (
        <ul className="small text-danger mt-2 mb-0" role="alert" data-testid="photo-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ol className="photo-picker__grid">
          {items.map((item, index) => {
            const token = tokens[index] ?? "";
            const isCover = item.key === cover;
            return (
              <li
                key={item.key}
                className={`photo-picker__item${isCover ? " photo-picker__item--cover" : ""}`}
                data-testid="photo-item"
                data-cover={isCover ? "true" : undefined}
              >
                <input type="hidden" name={fields.position(token)} value={index} />
                <img
                  src={item.kind === "new" ? item.url : item.thumb}
                  alt={labels.photoAlt(index + 1)}
                  data-testid="photo-preview"
                />
                <div className="p-2">
                  {item.kind === "new" && (
                    <p className="small text-secondary mb-1 text-truncate" title={item.file.name}>
                      {labels.newPhoto}
                    </p>
                  )}
                  <div className="form-check">
                    <input
                      className="form-check-input"
                      type="radio"
                      name={fields.cover}
                      value={token}
                      id={`${id}-cover-${item.key}`}
                      checked={isCover}
                      onChange={() => setCoverKey(item.key)}
                      data-testid="photo-cover"
                    />
                    <label className="form-check-label small" htmlFor={`${id}-cover-${item.key}`}>
                      {isCover ? labels.cover : labels.makeCover}
                    </label>
                  </div>
                  <div className="btn-group btn-group-sm mt-2" role="group">
                    <button
                      type="button"
                      className="btn btn-outline-secondary"
                      onClick={() => move(index, index - 1)}
                      disabled={index === 0}
                      aria-label={`${labels.moveEarlier} (${labels.photoAlt(index + 1)})`}
                      data-testid="photo-earlier"
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary"
                      onClick={() => move(index, index + 1)}
                      disabled={index === items.length - 1}
                      aria-label={`${labels.moveLater} (${labels.photoAlt(index + 1)})`}
                      data-testid="photo-later"
                    >
                      →
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger"
                      onClick={() => removeAt(index)}
                      aria-label={`${labels.remove} (${labels.photoAlt(index + 1)})`}
                      data-testid="photo-remove"
                    >
                      ✕
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
