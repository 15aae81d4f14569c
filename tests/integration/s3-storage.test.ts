import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, objectUrl, signS3Request } from "~/modules/media/s3-storage.server";
import { startS3Server } from "../setup/s3-server";

// The storage backend for S3-compatible buckets. s3rver is a real S3 server (in this process)
// for the round trip; it does not check V4 signatures, so the signing is checked against the
// examples AWS publishes in the S3 API reference ("Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk").

const AWS_EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const signatureOf = (request: Request) =>
  /Signature=([0-9a-f]{64})$/.exec(request.headers.get("authorization") ?? "")?.[1];

describe("S3 request signing (AWS Signature Version 4)", () => {
  it("matches AWS's published GET Object example", async () => {
    const request = await signS3Request(AWS_EXAMPLE, {
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { range: "bytes=0-9" },
      datetime: "20130524T000000Z",
    });
    expect(request.headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(request.headers.get("x-amz-content-sha256")).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  it("matches AWS's published PUT Object example (the payload is hashed and signed)", async () => {
    const request = await signS3Request(AWS_EXAMPLE, {
      method: "PUT",
      url: "https://examplebucket.s3.amazonaws.com/test$file.text",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      body: new TextEncoder().encode("Welcome to Amazon S3."),
      datetime: "20130524T000000Z",
    });
    expect(request.headers.get("x-amz-content-sha256")).toBe(
      "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    );
    expect(signatureOf(request)).toBe(
      "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("addresses objects path-style on a custom endpoint and virtual-hosted on AWS", () => {
    const base = { bucket: "dptech-photos", ...AWS_EXAMPLE, region: "ap-southeast-1" };
    expect(
      objectUrl({ ...base, endpoint: "http://127.0.0.1:9000/" }, "listings/a/b-full.webp"),
    ).toBe("http://127.0.0.1:9000/dptech-photos/listings/a/b-full.webp");
    expect(objectUrl(base, "listings/a/b-full.webp")).toBe(
      "https://dptech-photos.s3.ap-southeast-1.amazonaws.com/listings/a/b-full.webp",
    );
  });
});

describe("S3 storage against an S3-compatible server", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let endpoint: string;
  beforeAll(async () => {
    s3 = await startS3Server("listing-photos");
    endpoint = s3.endpoint;
  });
  afterAll(async () => {
    await s3?.close();
  });

  const config = () => ({
    bucket: "listing-photos",
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });

  it("stores, reads and deletes objects", async () => {
    const storage = createS3Storage(config());
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
    await storage.put("listings/abc/photo-full.webp", bytes, "image/webp");
    expect(new Uint8Array((await storage.get("listings/abc/photo-full.webp")) ?? [])).toEqual(
      bytes,
    );
    const head = await fetch(`${endpoint}/listing-photos/listings/abc/photo-full.webp`);
    expect(head.headers.get("content-type")).toBe("image/webp");
    await head.body?.cancel();
    await storage.remove("listings/abc/photo-full.webp");
    expect(await storage.get("listings/abc/photo-full.webp")).toBeNull();
    // Removing what is gone is not an error.
    await storage.remove("listings/abc/photo-full.webp");
  });

  it("refuses unsafe keys and reports server errors", async () => {
    const storage = createS3Storage(config());
    await expect(storage.put("../escape.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow(
      /unsafe storage key/,
    );
    const missingBucket = createS3Storage({ ...config(), bucket: "no-such-bucket" });
    await expect(
      missingBucket.put("listings/x-full.webp", new Uint8Array([1]), "image/webp"),
    ).rejects.toThrow(/S3 PUT listings\/x-full.webp failed: 404/);
  });

  it("gives browsers the bucket's public URL when there is one, /media otherwise", () => {
    expect(createS3Storage(config()).urlOf("listings/a/b-card.webp")).toBe(
      "/media/listings/a/b-card.webp",
    );
    expect(
      createS3Storage({ ...config(), publicUrl: "https://photos.example.com/" }).urlOf(
        "listings/a/b-card.webp",
      ),
    ).toBe("https://photos.example.com/listings/a/b-card.webp");
  });
});
