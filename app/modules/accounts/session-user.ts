/** The signed-in member of a request, as the session middleware resolves it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phone: string | null;
  role: "member" | "admin";
}
