/**
 * Recording a grant: the message ({@link com.courtrush.reserve.record.ReserveMessage}), its publisher
 * with a confirm, {@link com.courtrush.reserve.record.ReserveConsumer} and
 * {@link com.courtrush.reserve.record.ReservationWriter} writing it under the database guards (the row itself is
 * {@code reserve.data}'s; the insert of granted places, which takes the message, is {@code GrantMapper}). What recording counts and what it hands on go out through
 * {@link com.courtrush.reserve.record.RecordingMeters} and {@link com.courtrush.reserve.record.RecordingFollowUp}.
 */
package com.courtrush.reserve.record;
