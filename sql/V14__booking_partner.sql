-- Partners on a booking (SPEC §17): the booker names fellow players by student id; each named student who has
-- an account is told and accepts or declines. The id is kept as typed, so naming one with no account looks the
-- same to the booker as naming one who has not answered: it reveals no more than signing in does.
create table booking_partner (
    id                  bigint auto_increment primary key,
    reservation_id      bigint not null,
    partner_student_id  varchar(32) not null,
    partner_user_id     bigint,
    status              varchar(16) not null,
    create_time         datetime(3) not null,
    answer_time         datetime(3),
    constraint uk_booking_partner unique (reservation_id, partner_student_id),
    constraint fk_booking_partner_reservation foreign key (reservation_id) references reservation (id),
    constraint fk_booking_partner_user foreign key (partner_user_id) references user_account (id),
    constraint ck_booking_partner_status check (status in ('INVITED', 'ACCEPTED', 'DECLINED', 'WITHDRAWN'))
);
create index idx_booking_partner_user on booking_partner (partner_user_id, status);
