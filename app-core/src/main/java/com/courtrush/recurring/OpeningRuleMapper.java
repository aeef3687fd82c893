package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

/** Reads and writes the standing rules. */
@Mapper
interface OpeningRuleMapper extends BaseMapper<OpeningRule> {}
