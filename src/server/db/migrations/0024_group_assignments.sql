CREATE TABLE "assignment_reminders" (
	"group_id" text NOT NULL,
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_reminders_group_id_course_id_user_id_due_at_pk" PRIMARY KEY("group_id","course_id","user_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "group_assignments" (
	"group_id" text NOT NULL,
	"course_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assigned_by" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_assignments_group_id_course_id_pk" PRIMARY KEY("group_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;