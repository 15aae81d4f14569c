// The @point-of-sale printer transports ship no types; this is the part of their API used here
// (read from their dist/*.esm.js: a default-exported class per transport).
declare module "@point-of-sale/webusb-receipt-printer" {
  import type { ReceiptPrinterTransport } from "~/features/sales-documents/escpos/printer-types";
  const WebUSBReceiptPrinter: new () => ReceiptPrinterTransport;
  export default WebUSBReceiptPrinter;
}
declare module "@point-of-sale/webserial-receipt-printer" {
  import type { ReceiptPrinterTransport } from "~/features/sales-documents/escpos/printer-types";
  const WebSerialReceiptPrinter: new (options?: { baudRate?: number }) => ReceiptPrinterTransport;
  export default WebSerialReceiptPrinter;
}
declare module "@point-of-sale/webbluetooth-receipt-printer" {
  import type { ReceiptPrinterTransport } from "~/features/sales-documents/escpos/printer-types";
  const WebBluetoothReceiptPrinter: new () => ReceiptPrinterTransport;
  export default WebBluetoothReceiptPrinter;
}
