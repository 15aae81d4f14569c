CREATE TABLE "till_checkin" (
	"till_id" uuid PRIMARY KEY NOT NULL,
	"device_token_hash" text NOT NULL,
	"caught_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "till_checkin" ADD CONSTRAINT "till_checkin_till_id_till_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."till"("id") ON DELETE cascade ON UPDATE no action;