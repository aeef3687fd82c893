package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

/** Reads and writes a rule's closed and changed dates. */
@Mapper
interface RuleExceptionMapper extends BaseMapper<RuleException> {}
