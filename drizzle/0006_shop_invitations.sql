CREATE TABLE "shop_invitation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	CONSTRAINT "shop_invitation_email_lower" CHECK ("shop_invitation"."email" = lower("shop_invitation"."email"))
);
--> statement-breakpoint
ALTER TABLE "shop_invitation" ADD CONSTRAINT "shop_invitation_shop_id_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shop"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_invitation" ADD CONSTRAINT "shop_invitation_invited_by_app_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_invitation" ADD CONSTRAINT "shop_invitation_accepted_by_app_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_invitation_pending_shop_email" ON "shop_invitation" USING btree ("shop_id","email") WHERE "shop_invitation"."accepted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shop_invitation_pending_email_idx" ON "shop_invitation" USING btree ("email") WHERE "shop_invitation"."accepted_at" IS NULL;