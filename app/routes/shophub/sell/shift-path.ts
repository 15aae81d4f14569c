/** Where the till's shift forms post: their own action beside the till's (issue 33). */
export function shiftActionPath(shopId: string): string {
  return `/shophub/sell/shift?shop=${encodeURIComponent(shopId)}`;
}
